import { vi } from 'vitest';

/**
 * Stands in for the browser's XMLHttpRequest as the bucket answers a presigned POST: each send
 * reports half its bytes, then succeeds (204) or fails, as `outcomes` says in order (then `ok`).
 * Answers the forms sent, in order.
 */
export function stubXhr(outcomes: ('ok' | 'fail')[] = []): FormData[] {
  const sent: FormData[] = [];
  class FakeXhr extends EventTarget {
    upload = new EventTarget();
    status = 0;
    open = vi.fn();
    abort = vi.fn();
    getResponseHeader = () => null;
    send(form: FormData) {
      sent.push(form);
      const outcome = outcomes.shift() ?? 'ok';
      setTimeout(() => {
        this.upload.dispatchEvent(
          Object.assign(new Event('progress'), { lengthComputable: true, loaded: 5, total: 10 }),
        );
        setTimeout(() => {
          if (outcome === 'ok') {
            this.status = 204;
            this.dispatchEvent(new Event('load'));
          } else {
            this.dispatchEvent(new Event('error'));
          }
        }, 0);
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
