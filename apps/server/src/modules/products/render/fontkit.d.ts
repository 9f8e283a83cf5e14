// The parts of fontkit (no type declarations of its own) that the renderer uses.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    advanceWidth: number;
    path: { toSVG(): string };
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    glyphForCodePoint(codePoint: number): Glyph;
    layout(text: string, features?: Record<string, boolean> | string[]): GlyphRun;
  }
  export function create(data: Buffer, postscriptName?: string): Font;
}
