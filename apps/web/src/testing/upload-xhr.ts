/**
 * The XMLHttpRequest of the web tests (setup.ts installs it): the api client sends uploads with
 * XHR for their progress, and jsdom's XHR neither reaches the fake API nor reports progress. This
 * stand-in reports half the upload sent at once, then sends the request with `fetch`, so the routes
 * of `fakeApi` answer it and record it like any other call; the answer completes the upload. A
 * route that holds its answer (`delay`, or awaiting a `deferred`) keeps the upload at half.
 */
import { Blob as NodeBlob } from 'node:buffer';

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/** Node's own FormData: jsdom's replaces the global one, and Node's fetch sends only its own. */
async function nodeFormData(): Promise<FormData> {
  const empty = await new Response('', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }).formData();
  const NodeFormData = empty.constructor as typeof FormData;
  return new NodeFormData();
}

/** jsdom's FormData as Node's, keeping each file's name and type. */
async function toNodeFormData(form: FormData): Promise<FormData> {
  const copy = await nodeFormData();
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') copy.append(key, value);
    else copy.append(key, new NodeBlob([await value.arrayBuffer()], { type: value.type }) as unknown as Blob, value.name);
  }
  return copy;
}

export class UploadXhr {
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  private contentType: string | null = null;
  private finished = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }

  send(body?: FormData | null) {
    setTimeout(() => {
      if (!this.finished) this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    }, 1);
    void this.exchange(body ?? undefined);
  }

  abort() {
    if (this.finished) return;
    this.finished = true;
    this.onabort?.();
  }

  private async exchange(body: FormData | undefined) {
    let response: Response;
    let text: string;
    try {
      response = await fetch(this.url, { method: this.method, headers: this.headers, body: body ? await toNodeFormData(body) : undefined });
      text = await response.text();
    } catch {
      if (this.finished) return;
      this.finished = true;
      this.onerror?.();
      return;
    }
    if (this.finished) return;
    this.finished = true;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    this.status = response.status;
    this.statusText = response.statusText;
    this.responseText = text;
    this.contentType = response.headers.get('content-type');
    this.onload?.();
  }
}
