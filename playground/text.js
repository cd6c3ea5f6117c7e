// Cutting text for display, shared by the page (app.js) and its worker (worker.js).

/** `text` from `start` to `end`, neither of them between the halves of a surrogate pair. */
export function slice(text, start, end = text.length) {
  const low = (i) => i > 0 && i < text.length && /[\udc00-\udfff]/.test(text[i]) && /[\ud800-\udbff]/.test(text[i - 1]);
  if (low(start)) start--;
  if (low(end)) end++;
  return text.slice(start, end);
}
