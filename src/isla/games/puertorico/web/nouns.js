// Every countable word of the Puerto Rico page with its singular and plural, in one place, so the
// page never says "1 doubloons" and a translation has one table to replace (with its own plural
// rules, through gettext's ngettext or the like). Goods are counted bare ("3 corn"): the players'
// way, which has no plural to get wrong.
const NOUNS = {
  barrel: ['barrel', 'barrels'],
  colonist: ['colonist', 'colonists'],
  doubloon: ['doubloon', 'doubloons'],
  kind: ['kind', 'kinds'],
  place: ['place', 'places'],
};

/** "1 doubloon", "3 doubloons": `n` and the form of `noun` (a key of NOUNS) that goes with it. */
export function counted(n, noun) {
  const [one, many] = NOUNS[noun] ?? [noun, noun];
  return `${n} ${n === 1 ? one : many}`;
}
