// Reads a folder of content files into one bundle. JSON files hold arrays under the kinds' names
// ({"tags": [...], "pages": [...]}); Markdown files are one page each: YAML front matter with the page's
// fields (and `family` with its family's, or a family slug), the body becoming the page's `htmlInfo`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';

export const BUNDLE_KINDS = [
  'tagCategories',
  'contentTypes',
  'sitemaps',
  'tags',
  'topics',
  'series',
  'authors',
  'collections',
  'families',
  'pages',
  'areaPages',
] as const;
export type BundleKind = (typeof BUNDLE_KINDS)[number];

export interface BundleItem {
  /** where the item came from, for messages */
  source: string;
  data: Record<string, unknown>;
}

export type ContentBundle = Record<BundleKind, BundleItem[]>;

export const emptyBundle = (): ContentBundle => Object.fromEntries(BUNDLE_KINDS.map((k) => [k, []])) as unknown as ContentBundle;

/** Items given in code, for tests and tools: each with a made-up source name. */
export function bundleOf(parts: Partial<Record<BundleKind, Record<string, unknown>[]>>, source = 'inline'): ContentBundle {
  const bundle = emptyBundle();
  for (const kind of BUNDLE_KINDS) bundle[kind] = (parts[kind] ?? []).map((data, i) => ({ source: `${source}:${kind}[${i}]`, data }));
  return bundle;
}

const markdown = new Marked({ gfm: true });
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/;

export class ContentFileError extends Error {}

/** One Markdown page: front matter fields plus the body as html. */
export function parseMarkdownPage(text: string, source: string): Record<string, unknown> {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new ContentFileError(`${source}: a Markdown page starts with front matter between --- lines`);
  let front: unknown;
  try {
    front = parseYaml(match[1]!);
  } catch (err) {
    throw new ContentFileError(`${source}: front matter is not valid YAML: ${(err as Error).message}`);
  }
  if (!front || typeof front !== 'object' || Array.isArray(front))
    throw new ContentFileError(`${source}: front matter must be a mapping of fields`);
  const fields = front as Record<string, unknown>;
  const body = match[2]!.trim();
  return body && fields.htmlInfo === undefined
    ? { ...fields, htmlInfo: (markdown.parse(body, { async: false }) as string).trim() }
    : fields;
}

function addJson(bundle: ContentBundle, text: string, source: string): void {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ContentFileError(`${source}: not valid JSON: ${(err as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ContentFileError(`${source}: a content JSON file is an object of arrays named ${BUNDLE_KINDS.join(', ')}`);
  for (const [key, items] of Object.entries(parsed)) {
    if (key === '$comment') continue;
    if (!BUNDLE_KINDS.includes(key as BundleKind))
      throw new ContentFileError(`${source}: unknown kind ${key} (expected ${BUNDLE_KINDS.join(', ')})`);
    if (!Array.isArray(items)) throw new ContentFileError(`${source}: ${key} must be an array`);
    items.forEach((data: unknown, i) => {
      if (!data || typeof data !== 'object' || Array.isArray(data)) throw new ContentFileError(`${source}: ${key}[${i}] must be an object`);
      bundle[key as BundleKind].push({ source: `${source}:${key}[${i}]`, data: data as Record<string, unknown> });
    });
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

/** Every .json and .md file under `dir` (README.md files excepted), in path order. */
export function readContentFolder(dir: string): ContentBundle {
  const bundle = emptyBundle();
  for (const file of filesUnder(dir)) {
    const source = path.relative(dir, file);
    if (/(^|\/)README\.md$/i.test(source)) continue;
    if (file.endsWith('.json')) addJson(bundle, readFileSync(file, 'utf8'), source);
    else if (file.endsWith('.md')) bundle.pages.push({ source, data: parseMarkdownPage(readFileSync(file, 'utf8'), source) });
  }
  return bundle;
}
