/** Dates and numbers of the communication screen in the interface language. */
export function communicationFormat(language: string) {
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const number = new Intl.NumberFormat(language);
  return {
    dateTime: (iso: string) => dateTime.format(new Date(iso)),
    number: (n: number) => number.format(n),
  };
}
export type CommunicationFormat = ReturnType<typeof communicationFormat>;
