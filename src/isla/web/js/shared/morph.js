// Drawing a region of the page from its HTML without rebuilding it: the boards describe what they
// show as HTML text (simple to write, safe with esc()), and the shell patches the page to match,
// keeping every node that is already right. A push that changes one counter then costs the page one
// text node, not a new board: no style recalculation and layout of everything, and the hovered
// element, the tooltip's target and the keyboard focus stay where they were.
//
// A region may be given as a list of parts (a board's players' panels, its supplies): each part is
// drawn into its own run of the region's children, and a part whose HTML is the same as last time
// is not even parsed again.
//
// No inline `style` attribute: a Content-Security-Policy without 'unsafe-inline' styles refuses it
// (even in HTML only parsed, never shown). A value only known when drawing (a seat's colour is a
// class instead) goes in `data-style="--name: value; ..."`, which is applied through the CSSOM
// (element.style.setProperty), as such a policy allows.

const regions = new WeakMap(); // region -> {parts: [html], runs: [[node]]}, as last drawn

/** Make `region`'s children match `html` (a string, or a list of parts); whether anything changed. */
export function patchHtml(region, html) {
  const parts = Array.isArray(html) ? html.map((part) => part ?? '') : [html ?? ''];
  let drawn = regions.get(region);
  if (!drawn) {
    region.replaceChildren();
    drawn = { parts: [], runs: [] };
    regions.set(region, drawn);
  }
  let changed = false;
  for (let i = 0; i < Math.max(parts.length, drawn.parts.length); i += 1) {
    if (i >= parts.length) {
      for (const node of drawn.runs[i]) node.remove();
      changed = true;
      continue;
    }
    if (drawn.parts[i] === parts[i]) continue;
    const template = document.createElement('template');
    template.innerHTML = parts[i];
    drawn.runs[i] = patchRun(region, drawn.runs[i] || [], template.content, following(drawn.runs, i));
    drawn.parts[i] = parts[i];
    changed = true;
  }
  drawn.parts.length = parts.length;
  drawn.runs.length = parts.length;
  return changed;
}

/** The first node after run `i` (the first node of a later run), or null: the end of the region. */
function following(runs, i) {
  for (let j = i + 1; j < runs.length; j += 1) if (runs[j]?.length) return runs[j][0];
  return null;
}

/** Make the nodes `old` (a run of `parent`'s children, before `end`) match `source`'s children. */
function patchRun(parent, old, source, end) {
  const run = [];
  let k = 0;
  let next = source.firstChild;
  while (next) {
    const after = next.nextSibling;
    const here = old[k];
    if (here && sameKind(here, next)) {
      patchNode(here, next);
      run.push(here);
      k += 1;
    } else if (here) {
      parent.replaceChild(adopt(next), here);
      run.push(next);
      k += 1;
    } else {
      parent.insertBefore(adopt(next), end);
      run.push(next);
    }
    next = after;
  }
  for (; k < old.length; k += 1) old[k].remove();
  return run;
}

function patchChildren(target, source) {
  let old = target.firstChild;
  let next = source.firstChild;
  while (next) {
    const after = next.nextSibling;
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
    next = after;
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
  const wants = next.attributes;
  if (old.attributes.length === wants.length) { // the usual case: nothing changed
    let same = true;
    for (let i = 0; i < wants.length; i += 1) {
      if (old.getAttribute(wants[i].name) !== wants[i].value) {
        same = false;
        break;
      }
    }
    if (same) return;
  }
  const had = old.attributes;
  for (let i = had.length - 1; i >= 0; i -= 1) {
    const name = had[i].name;
    if (name !== 'style' && !next.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const attr of wants) {
    if (old.getAttribute(attr.name) !== attr.value) old.setAttribute(attr.name, attr.value);
  }
  setStyle(old, next.getAttribute('data-style') || '');
}

const styles = new WeakMap(); // element -> the data-style text applied to it

/** Apply `text` ("--name: value; ...") to the element's own style, through the CSSOM. */
function setStyle(el, text) {
  if ((styles.get(el) || '') === text) return;
  for (const [name] of declarations(styles.get(el) || '')) el.style.removeProperty(name);
  styles.set(el, text);
  for (const [name, value] of declarations(text)) el.style.setProperty(name, value);
}

function declarations(text) {
  return text.split(';').map((d) => d.split(':')).filter((d) => d.length >= 2)
    .map(([name, ...value]) => [name.trim(), value.join(':').trim()]);
}

/** A node from the template, made ready for the page: its data-style goes through the CSSOM. */
function adopt(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return node;
  const styled = [...node.querySelectorAll('[data-style]')];
  if (node.hasAttribute('data-style')) styled.push(node);
  for (const el of styled) setStyle(el, el.getAttribute('data-style'));
  return node;
}
