// A Server-Sent Events parser for a fetch() body. Why not EventSource: the stream needs the
// Authorization header (openapi.json: bearerAuth on /api/v1/notifications/stream), and
// EventSource cannot send headers. Pure, so it can be checked under node.

/** Returns feed(textChunk); calls onEvent({ event, data, id }) per complete event, onRetry(ms) per retry field. */
export function sseParser(onEvent, onRetry = () => {}) {
  let buf = '';
  let event = '', data = [], id = null;
  const line = (l) => {
    if (l === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n'), id });
      event = ''; data = [];
      return;
    }
    if (l.startsWith(':')) return; // comment (keep-alive)
    const c = l.indexOf(':');
    const name = c < 0 ? l : l.slice(0, c);
    let value = c < 0 ? '' : l.slice(c + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id') id = value;
    else if (name === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  return (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      line(buf.slice(0, i).replace(/\r$/, ''));
      buf = buf.slice(i + 1);
    }
  };
}
