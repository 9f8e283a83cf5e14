/**
 * The text key of a message of the contract's tech map bodies (zod messages are English; the
 * screens show them in the reader's language). An unknown message is shown as it is.
 */
const KEYS: Record<string, string> = {
  'Name is required': 'greenkeeper.techmap.errors.nameRequired',
  'Name is too long': 'greenkeeper.techmap.errors.nameTooLong',
  'Colour must look like #RRGGBB': 'greenkeeper.techmap.errors.colour',
  'The description is too long': 'greenkeeper.techmap.errors.descriptionTooLong',
  'The text is too long': 'greenkeeper.techmap.errors.textTooLong',
};

export function messageKey(message: string): string {
  return KEYS[message] ?? message;
}
