/**
 * A tiny framework-free SVG element tree. Every asset is drawn once as a tree and then rendered
 * either to a markup string (scripts, exports, tests) or to React elements (the app).
 */

export type SvgAttrValue = string | number | undefined;
export type SvgAttrs = Record<string, SvgAttrValue>;
export type SvgChild = SvgNode | string | null | undefined | false;
export type SvgNode = { tag: string; attrs: SvgAttrs; children: SvgNode[] | string };

/** Builds an element; string children become text, falsy children are dropped. */
export function h(tag: string, attrs: SvgAttrs = {}, ...children: (SvgChild | SvgChild[])[]): SvgNode {
  const flat = children
    .flat()
    .filter((c): c is SvgNode | string => c !== null && c !== undefined && c !== false);
  if (flat.length === 1 && typeof flat[0] === 'string') return { tag, attrs, children: flat[0] };
  return {
    tag,
    attrs,
    children: flat.map((c) => (typeof c === 'string' ? { tag: '#text', attrs: {}, children: c } : c)),
  };
}

/** Round to 2 decimals so generated markup stays compact. */
export function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;');
}

function attrsToString(attrs: SvgAttrs): string {
  let out = '';
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    out += ` ${k}="${escapeAttr(typeof v === 'number' ? String(r2(v)) : v)}"`;
  }
  return out;
}

export function renderSvgString(node: SvgNode): string {
  if (node.tag === '#text') return escapeText(node.children as string);
  const open = `<${node.tag}${attrsToString(node.attrs)}`;
  if (typeof node.children === 'string') return `${open}>${escapeText(node.children)}</${node.tag}>`;
  if (node.children.length === 0) return `${open}/>`;
  return `${open}>${node.children.map(renderSvgString).join('')}</${node.tag}>`;
}

/** A standalone SVG document (with the namespace) for writing .svg files. */
export function renderSvgDocument(node: SvgNode): string {
  const root: SvgNode = { ...node, attrs: { xmlns: 'http://www.w3.org/2000/svg', ...node.attrs } };
  return renderSvgString(root);
}

/** Ids must be unique per rendered copy (gradients, patterns); this keeps them valid in url(#...). */
export function idMaker(prefix: string): (name: string) => string {
  const clean = prefix.replace(/[^A-Za-z0-9_-]/g, '');
  return (name) => `${clean}-${name}`;
}
