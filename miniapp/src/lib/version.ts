/** The build a page runs: the entry script that index.html loads (its name carries the content hash). */
export function entryScript(html: string): string | null {
  const m =
    /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html) ??
    /<script[^>]+src="([^"]+)"[^>]+type="module"/.exec(html);
  return m ? m[1]! : null;
}

/** A newer build is out when the served index.html loads another entry script than the running one. */
export function isNewerBuild(runningEntry: string | null, servedHtml: string): boolean {
  const served = entryScript(servedHtml);
  return Boolean(runningEntry && served && served !== runningEntry);
}
