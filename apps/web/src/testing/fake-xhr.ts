/**
 * A stand-in for XMLHttpRequest (the api client's upload path): each send reports progress at
 * half and in full, then answers with what `respond` returns for the method, URL and body.
 */
export type XhrResponder = (request: { method: string; url: string; body: FormData }) => { status: number; body: unknown };

/**
 * `delayMs` is how long after sending the answer comes; `gate`, when given, receives the answer
 * instead, to give it when the test is ready (to look at the progress meanwhile).
 */
export function fakeXhrClass(respond: XhrResponder, sent: { method: string; url: string; body: FormData }[] = [], delayMs = 5, gate?: (answer: () => void) => void) {
  return class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    private method = '';
    private url = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader() {
      return 'application/json';
    }
    send(body: FormData) {
      const request = { method: this.method, url: this.url, body };
      sent.push(request);
      setTimeout(() => this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 }), 1);
      const answer = () => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
        const { status, body: reply } = respond(request);
        this.status = status;
        this.statusText = status < 300 ? 'OK' : 'Error';
        this.responseText = JSON.stringify(reply);
        this.onload?.();
      };
      if (gate) gate(answer);
      else setTimeout(answer, delayMs);
    }
    abort() {
      this.onabort?.();
    }
  };
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
