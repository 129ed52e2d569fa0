/** Test helpers: parse SVG markup with the DOM parser (jsdom) and check it is well formed. */
export function parseSvg(markup: string): SVGSVGElement {
  const doc = new DOMParser().parseFromString(markup, 'image/svg+xml');
  const error = doc.querySelector('parsererror');
  if (error) throw new Error(`invalid SVG: ${error.textContent ?? ''}`);
  const root = doc.documentElement;
  if (root.tagName !== 'svg') throw new Error(`root is <${root.tagName}>, not <svg>`);
  return root as unknown as SVGSVGElement;
}

/** Every url(#id) and href="#id" inside the element points at an id defined inside it. */
export function danglingRefs(root: Element): string[] {
  const defined = new Set([...root.querySelectorAll('[id]')].map((e) => e.id));
  const missing: string[] = [];
  for (const el of [root, ...root.querySelectorAll('*')]) {
    for (const attr of [...el.attributes]) {
      const refs = [...attr.value.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]!);
      if ((attr.name === 'href' || attr.name === 'xlink:href') && attr.value.startsWith('#'))
        refs.push(attr.value.slice(1));
      for (const id of refs) if (!defined.has(id)) missing.push(id);
    }
  }
  return missing;
}
