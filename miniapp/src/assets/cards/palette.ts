/** Shared colours of the card artwork. */
export const GOLD = { light: '#f7dc8a', mid: '#d9a834', dark: '#9a7014', line: '#8a6410' } as const;
export const PAPER = { top: '#ffffff', bottom: '#f3efe6', edge: '#c9c2b3', panel: '#fbf5e4' } as const;
export const SKIN = { fill: '#f7dcc2', line: '#8a5a3a', blush: '#eea59b' } as const;
export const HAIR = { dark: '#4a2e17', warm: '#8a5320' } as const;
export const INK = '#1d1d22';
