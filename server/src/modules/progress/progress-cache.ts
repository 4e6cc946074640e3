import { LRUCache } from 'lru-cache';
import type { UserProgress } from './progress-service';

/** How many sessions' progress one server keeps; each is a few kilobytes. */
export const PROGRESS_CACHE_SESSIONS = 5_000;

/** What a visit found: a current entry, one that a write has overtaken, or none. */
export type ProgressCacheLookup = 'hit' | 'stale' | 'absent';

interface Entry {
  userRef: string;
  version: number;
  progress: UserProgress;
}

/**
 * Each server's memory of the progress it last built per session (by token hash), with
 * the learner's progress_version it was built at (decisions/0022). An entry is used only
 * while that version is the one read fresh with the session, which every visit reads
 * anyway; the least recently used entries make room for new ones.
 */
export class ProgressCache {
  private readonly entries = new LRUCache<string, Entry>({ max: PROGRESS_CACHE_SESSIONS });

  constructor(private readonly count: (lookup: ProgressCacheLookup) => void = () => {}) {}

  /** Whether this session has an entry at all; a lookup that finds none is counted here. */
  holds(tokenHash: string): boolean {
    const held = this.entries.has(tokenHash);
    if (!held) this.count('absent');
    return held;
  }

  /** The progress kept for this session if it was built at the learner's current version. */
  current(tokenHash: string, userRef: string, version: number): UserProgress | undefined {
    const entry = this.entries.get(tokenHash);
    const fresh = entry !== undefined && entry.userRef === userRef && entry.version === version;
    this.count(fresh ? 'hit' : 'stale');
    return fresh ? entry.progress : undefined;
  }

  keep(tokenHash: string, userRef: string, version: number, progress: UserProgress): void {
    this.entries.set(tokenHash, { userRef, version, progress });
  }

  forget(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}
