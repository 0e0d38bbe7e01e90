// One floating tooltip for every element with a `data-tip` (roles and buildings carry their full
// effect there). It follows hover and keyboard focus, and never takes clicks.

export function installTooltips(root = document.body) {
  const tip = document.createElement('div');
  tip.className = 'tooltip';
  tip.setAttribute('role', 'tooltip');
  tip.hidden = true;
  document.body.append(tip);
  let current = null;
  let timer = null;

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
    if (!text) return;
    current = target;
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

  root.addEventListener('pointerover', (event) => {
    const target = event.target.closest?.('[data-tip]');
    if (target === current) return;
    clearTimeout(timer);
    if (!target) {
      hide();
      return;
    }
    timer = setTimeout(() => show(target), current ? 0 : 280);
  });
  root.addEventListener('pointerleave', hide);
  root.addEventListener('focusin', (event) => {
    const target = event.target.closest?.('[data-tip]');
    if (target) show(target);
  });
  root.addEventListener('focusout', hide);
  window.addEventListener('scroll', hide, true);
  return {
    hide,
    /** After a re-render the hovered element is new: drop the tooltip if its element is gone. */
    refresh() {
      if (current && !current.isConnected) hide();
    },
  };
}
