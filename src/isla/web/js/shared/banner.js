// The error banner of the pages that have one (#banner: the table page, the replay page): a message
// set as text (it may quote what a user typed), hidden again after a while or when clicked.

let timer = null;

/** Show `text` in the page's banner; `code` (the server's error code) goes in its data-code. */
export function showBanner(text, code = '') {
  const banner = document.getElementById('banner');
  if (!banner) return;
  banner.querySelector('.banner-text').textContent = text;
  banner.dataset.code = code || '';
  banner.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(() => {
    banner.hidden = true;
  }, 9000);
}
