// Drawing a region of the page from its HTML without rebuilding it: the boards describe what they
// show as HTML text (simple to write, safe with esc()), and the shell patches the page to match,
// keeping every node that is already right. A push that changes one counter then costs the page one
// text node, not a new board: no style recalculation and layout of everything, and the hovered
// element, the tooltip's target and the keyboard focus stay where they were.
//
// Inline `style` attributes in the HTML are applied through the CSSOM (element.style), which a
// Content-Security-Policy without 'unsafe-inline' styles allows, where the attribute would not be.

const drawn = new WeakMap(); // region -> the HTML it was last made to match

/** Make `region`'s children match `html`; returns whether anything had to be compared at all. */
export function patchHtml(region, html) {
  if (drawn.get(region) === html) return false;
  drawn.set(region, html);
  const template = document.createElement('template');
  template.innerHTML = html;
  patchChildren(region, template.content);
  return true;
}

/** Forget what `region` was drawn from (its children were changed by other means). */
export function forget(region) {
  drawn.delete(region);
}

function patchChildren(target, source) {
  let old = target.firstChild;
  let next = source.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (!old) {
      target.append(adopt(next));
    } else if (sameKind(old, next)) {
      patchNode(old, next);
      old = old.nextSibling;
    } else {
      const replaced = old;
      old = old.nextSibling;
      target.replaceChild(adopt(next), replaced);
    }
    next = following;
  }
  while (old) {
    const extra = old;
    old = old.nextSibling;
    extra.remove();
  }
}

function sameKind(a, b) {
  if (a.nodeType !== b.nodeType) return false;
  if (a.nodeType !== Node.ELEMENT_NODE) return true;
  // An element with another id or test hook is another thing: replace it rather than reuse it.
  return a.namespaceURI === b.namespaceURI && a.localName === b.localName
    && a.getAttribute('id') === b.getAttribute('id')
    && a.getAttribute('data-testid') === b.getAttribute('data-testid');
}

function patchNode(old, next) {
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== next.nodeValue) old.nodeValue = next.nodeValue;
    return;
  }
  patchAttributes(old, next);
  patchChildren(old, next);
}

function patchAttributes(old, next) {
  for (const attr of [...old.attributes]) {
    if (attr.name !== 'style' && !next.hasAttributeNS(attr.namespaceURI, attr.localName)) {
      old.removeAttributeNS(attr.namespaceURI, attr.localName);
    }
  }
  for (const attr of next.attributes) {
    if (attr.name !== 'style' && old.getAttributeNS(attr.namespaceURI, attr.localName) !== attr.value) {
      old.setAttributeNS(attr.namespaceURI, attr.name, attr.value);
    }
  }
  setStyle(old, next.getAttribute('style') || '');
}

const styles = new WeakMap(); // element -> the inline style text it was given

function setStyle(el, text) {
  if ((styles.get(el) || '') === text) return;
  styles.set(el, text);
  el.style.cssText = text;
}

/** A node from the template, made ready for the page: its inline styles go through the CSSOM. */
function adopt(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node;
  const styled = [...node.querySelectorAll('[style]')];
  if (node.hasAttribute('style')) styled.push(node);
  const texts = styled.map((el) => el.getAttribute('style'));
  styled.forEach((el, i) => {
    el.removeAttribute('style');
    setStyle(el, texts[i]);
  });
  return node;
}
