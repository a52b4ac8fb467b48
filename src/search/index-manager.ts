// Versioned physical indices behind a stable alias: <prefix>_listings -> <prefix>_listings_<stamp>.
// Readers and writers always use the alias; a full reindex builds a new index and swaps the alias.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SearchClient } from './client.ts';
import { PROJECT_ROOT } from '../core/project-root.ts';

const MAPPINGS_DIR = path.join(PROJECT_ROOT, 'es-mappings');

/**
 * Told to every instance with a mapping or settings update at start-up (index-changes.ts): an empty
 * footprint, since it changes no document and no answer, so an instance's start keeps the others' kept
 * search answers.
 */
const NO_DOCUMENT_CHANGED = { context: { indexWrite: { footprint: '' } } };

export interface IndexDefinition {
  settings: Record<string, unknown>;
  mappings: Record<string, unknown>;
}

export function loadIndexDefinition(name: string): IndexDefinition {
  return JSON.parse(readFileSync(path.join(MAPPINGS_DIR, `${name}.json`), 'utf8')) as IndexDefinition;
}

/** The definition with `replicas` copies of each shard: the configuration's (ES_REPLICAS), not the file's. */
export function withReplicas(definition: IndexDefinition, replicas: number): IndexDefinition {
  return { ...definition, settings: { ...definition.settings, number_of_replicas: replicas } };
}

export class IndexManager {
  constructor(
    private readonly client: SearchClient,
    readonly alias: string,
    private readonly definition: IndexDefinition,
  ) {}

  /** Physical index names currently behind the alias. */
  async currentIndices(): Promise<string[]> {
    const exists = await this.client.indices.existsAlias({ name: this.alias });
    if (!exists) return [];
    const res = await this.client.indices.getAlias({ name: this.alias });
    return Object.keys(res);
  }

  /** Creates a new physical index with the mapping; not yet behind the alias. */
  async createPhysicalIndex(): Promise<string> {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 17);
    const name = `${this.alias}_${stamp}`;
    await this.client.indices.create({
      index: name,
      settings: this.definition.settings,
      mappings: this.definition.mappings,
    });
    return name;
  }

  /** The refresh interval of the definition, which a full reindex turns off while it writes. */
  get refreshInterval(): string {
    return String(this.definition.settings.refresh_interval ?? '1s');
  }

  /**
   * Makes sure the alias points at an index; creates the first one when there is none. Fields added
   * to the mapping file since the index was made are added to it (documents get them when next
   * written, or all at once with a full reindex). A changed type or parameter of an existing field
   * (`store`, `index`, ...) cannot be applied in place: the engine refuses the update and start-up
   * fails, so a mapping change adds a field under a new name (and moves `_meta.version`). A changed
   * number of replicas or merge policy is applied to the index as it is (the engine copies or drops
   * shards, or merges, meanwhile).
   */
  async ensure(): Promise<string> {
    const current = await this.currentIndices();
    if (current.length > 0) {
      await this.client.indices.putMapping({ index: current[0]!, properties: this.definition.mappings.properties as never }, NO_DOCUMENT_CHANGED);
      await this.matchDynamicSettings(current[0]!);
      return current[0]!;
    }
    const name = await this.createPhysicalIndex();
    await this.client.indices.updateAliases({ actions: [{ add: { index: name, alias: this.alias } }] });
    return name;
  }

  /**
   * Whether the index behind the alias was built with the mapping file's `_meta.version`. Documents of
   * an older version lack fields the reads rely on: `npm run reindex` rebuilds them.
   */
  async isCurrent(): Promise<boolean> {
    const [index] = await this.currentIndices();
    if (!index) return false;
    const res = await this.client.indices.getMapping({ index });
    return versionOf(res[index]?.mappings) === versionOf(this.definition.mappings);
  }

  /**
   * The settings an index takes while it runs (its number of replicas, its refresh interval, its merge
   * policy) as the definition has them, applied to the index behind the alias at start-up.
   */
  private async matchDynamicSettings(index: string): Promise<void> {
    const wanted = Object.entries(this.definition.settings)
      .filter(([name]) => name === 'number_of_replicas' || name === 'refresh_interval' || name.startsWith('index.merge.policy.'))
      .map(([name, value]) => [name.startsWith('index.') ? name : `index.${name}`, String(value)] as const);
    if (wanted.length === 0) return;
    const res = await this.client.indices.getSettings({ index, flat_settings: true, include_defaults: true });
    const now = { ...(res[index]?.defaults as Record<string, unknown>), ...(res[index]?.settings as Record<string, unknown>) };
    const changed = wanted.filter(([name, value]) => String(now[name]) !== value);
    if (changed.length) await this.client.indices.putSettings({ index, settings: Object.fromEntries(changed) }, NO_DOCUMENT_CHANGED);
  }

  /** Atomically points the alias at `index` and removes the previous indices. */
  async swapTo(index: string): Promise<void> {
    const previous = (await this.currentIndices()).filter((name) => name !== index);
    await this.client.indices.updateAliases({
      actions: [
        ...previous.map((name) => ({ remove: { index: name, alias: this.alias } })),
        { add: { index, alias: this.alias } },
      ],
    });
    for (const name of previous) await this.client.indices.delete({ index: name, ignore_unavailable: true });
  }

  /** Drops the alias and every physical index behind it (tests, local resets). */
  async destroy(): Promise<void> {
    await this.client.indices.delete({ index: `${this.alias}_*`, ignore_unavailable: true, allow_no_indices: true });
  }
}

const versionOf = (mappings: { _meta?: Record<string, unknown> } | undefined): number => Number(mappings?._meta?.version ?? 1);
