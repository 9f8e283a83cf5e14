/** Themes in tree order: each root, then the themes made from it (by name), each with its depth. A theme whose parent is missing or in a cycle is shown as a root. */
export function themeTree<T extends { name: string; parentName: string | null }>(themes: readonly T[]): { theme: T; depth: number }[] {
  const names = new Set(themes.map((t) => t.name));
  const byName = [...themes].sort((a, b) => a.name.localeCompare(b.name));
  const out: { theme: T; depth: number }[] = [];
  const placed = new Set<string>();
  const walk = (theme: T, depth: number) => {
    if (placed.has(theme.name)) return;
    placed.add(theme.name);
    out.push({ theme, depth });
    for (const child of byName) if (child.parentName === theme.name) walk(child, depth + 1);
  };
  for (const theme of byName) if (theme.parentName === null || !names.has(theme.parentName)) walk(theme, 0);
  // What a cycle left out.
  for (const theme of byName) walk(theme, 0);
  return out;
}
