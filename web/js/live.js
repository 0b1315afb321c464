// The page's polite live region (#live in index.html): short visible messages that screen
// readers also hear, e.g. "Saved" or a notice that just arrived. They fade after a while.

export function announce(text, { timeout = 8000 } = {}) {
  const region = document.getElementById('live');
  if (!region) return;
  const item = document.createElement('p');
  item.className = 'toast';
  item.textContent = text;
  region.append(item);
  setTimeout(() => item.remove(), timeout);
}
