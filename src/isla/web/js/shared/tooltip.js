// One floating tooltip for every element with a `data-tip` (roles and buildings carry their full
// effect there). It follows hover (after a short delay) and keyboard focus, and never takes clicks.
//
// A click puts it to rest: the player has acted, and the page redraws under a pointer that has not
// moved (the browser then reports the new elements under it as hovered), so a tooltip would pop up
// over the board the player is looking at. It stays away until the pointer really moves on (a few
// pixels, or out of the window). A long press on a touch screen still shows the tooltip, until the
// finger is lifted.

const DELAY_MS = 280;
// How far the pointer must go from where it pressed before hovering shows tooltips again.
const REST_PX = 8;

export function installTooltips(root = document.body) {
  const tip = document.createElement('div');
  tip.className = 'tooltip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  document.body.append(tip);
  let current = null;
  let shown = null; // the words the tooltip shows now
  let timer = null;
  let rest = null; // {x, y}: where a press put the tooltips to rest, until the pointer moves away

  function place(target) {
    const r = target.getBoundingClientRect();
    tip.style.left = '0px';
    tip.style.top = '0px';
    tip.hidden = false;
    const t = tip.getBoundingClientRect();
    let left = Math.min(Math.max(6, r.left + r.width / 2 - t.width / 2), window.innerWidth - t.width - 6);
    let top = r.bottom + 8;
    if (top + t.height > window.innerHeight - 6) top = Math.max(6, r.top - t.height - 8);
    left = Math.max(6, left);
    tip.style.left = `${left}px`;
    tip.style.top = `${top}px`;
  }

  function show(target) {
    const text = target.getAttribute('data-tip');
    // A redraw may have replaced the element while its delay ran: nothing to point at any more.
    if (!text || !target.isConnected) return;
    clearTimeout(timer);
    timer = null;
    current = target;
    shown = text;
    const [head, ...rest] = text.split('\n');
    tip.replaceChildren();
    const strong = document.createElement('strong');
    strong.textContent = head;
    tip.append(strong);
    for (const line of rest) {
      const p = document.createElement('p');
      p.textContent = line;
      tip.append(p);
    }
    place(target);
  }

  function hide() {
    clearTimeout(timer);
    timer = null;
    current = null;
    tip.hidden = true;
  }

  function resting(event) {
    if (!rest) return false;
    if (Math.hypot(event.clientX - rest.x, event.clientY - rest.y) < REST_PX) return true;
    rest = null;
    return false;
  }

  function hover(event) {
    if (resting(event)) return;
    const target = event.target.closest?.('[data-tip]');
    if (target === current) return;
    clearTimeout(timer);
    if (!target) {
      hide();
      return;
    }
    timer = setTimeout(() => show(target), current ? 0 : DELAY_MS);
  }

  root.addEventListener('pointerover', hover);
  // Moving on within one element after a rest: its tooltip comes back once the pointer is away.
  root.addEventListener('pointermove', (event) => {
    if (rest && !resting(event)) hover(event);
  });
  root.addEventListener('pointerdown', (event) => {
    rest = { x: event.clientX, y: event.clientY };
    if (event.pointerType === 'touch') return; // a long press shows the tooltip; lifting hides it
    hide();
  });
  root.addEventListener('pointerup', (event) => {
    if (event.pointerType === 'touch') hide();
  });
  root.addEventListener('pointercancel', hide);
  root.addEventListener('pointerleave', () => {
    rest = null;
    hide();
  });
  // Keyboard focus shows the tooltip at once; the focus a click gives an element does not.
  root.addEventListener('focusin', (event) => {
    const target = event.target.closest?.('[data-tip]');
    if (target && event.target.matches(':focus-visible')) show(target);
  });
  root.addEventListener('focusout', hide);
  window.addEventListener('scroll', hide, true);
  window.addEventListener('blur', hide);
  return {
    hide,
    /**
     * After a redraw: drop the tooltip if its element is gone, and show the new words if the
     * element stayed (the page keeps unchanged nodes) but what it says changed.
     */
    refresh() {
      if (!current) return;
      const text = current.isConnected ? current.getAttribute('data-tip') : null;
      if (!text) hide();
      else if (text !== shown) show(current);
    },
  };
}
