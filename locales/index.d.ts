export declare const resources: { ru: Record<string, unknown>; en: Record<string, unknown> };
export declare const LANGUAGES: readonly ['ru', 'en'];
export declare const DEFAULT_LANGUAGE: 'ru';
export type Language = 'ru' | 'en';
export declare function pickLanguage(code: string | null | undefined): Language;
export declare function translate(language: string | null | undefined, key: string): string;
