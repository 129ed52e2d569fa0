import { createElement, type CSSProperties, type ReactElement, type ReactNode } from 'react';
import type { SvgAttrs, SvgNode } from './tree.js';

const camel = (s: string): string => s.replace(/[-:]([a-z])/g, (_, c: string) => c.toUpperCase());

function styleObject(css: string): CSSProperties {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[camel(decl.slice(0, i).trim())] = decl.slice(i + 1).trim();
  }
  return out as CSSProperties;
}

/** SVG attribute names as React expects them (strokeWidth, className); data-* and aria-* stay as they are. */
export function reactProps(attrs: SvgAttrs): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (k === 'class') props.className = v;
    else if (k === 'style' && typeof v === 'string') props.style = styleObject(v);
    else if (k.startsWith('data-') || k.startsWith('aria-')) props[k] = v;
    else props[camel(k)] = v;
  }
  return props;
}

function toReactChild(node: SvgNode): ReactNode {
  if (node.tag === '#text') return node.children as string;
  return svgToReact(node);
}

/** Renders a tree as React elements; extra props override the root's attributes. */
export function svgToReact(node: SvgNode, rootProps: Record<string, unknown> = {}): ReactElement {
  const props = { ...reactProps(node.attrs), ...rootProps };
  if (typeof node.children === 'string') return createElement(node.tag, props, node.children);
  return createElement(node.tag, props, ...node.children.map(toReactChild));
}
