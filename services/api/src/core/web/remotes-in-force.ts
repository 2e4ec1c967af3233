import { Injectable } from '@nestjs/common';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@outpost/contracts';
import { InjectConfig, type AppConfig } from '../config';

/** A share (1-99) of the browsers gets `url` in place of the remote's default. */
export type RemoteCanary = { url: string; share: number };
/** What the panel serves for one remote: its manifest URL, and a canary when one runs. */
export type RemoteInForce = { url: string; canary: RemoteCanary | null };
export type RemotesInForceMap = Record<RemoteName, RemoteInForce>;

const isAbsolute = (url: string): boolean => /^https?:\/\//.test(url);

/**
 * The manifest URLs this instance serves right now: REMOTES_JSON (or each remote's own folder) at
 * start, then whatever the operator set (the remotes module keeps this in step with the database).
 * /remotes.json, the content-security policy and the page's preload hints all read it here.
 */
@Injectable()
export class RemotesInForce {
  private current: RemotesInForceMap;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.current = this.defaults();
  }

  /** REMOTES_JSON's URLs (the start-up default), no canary. */
  defaults(): RemotesInForceMap {
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, { url: this.config.remotes[name], canary: null }]),
    ) as RemotesInForceMap;
  }

  get all(): Readonly<RemotesInForceMap> {
    return this.current;
  }

  replace(next: RemotesInForceMap): void {
    this.current = next;
  }

  /** /remotes.json for a browser in `bucket` (0-99): the canary when the bucket is under its share. */
  manifestFor(bucket: number): RemotesManifest {
    return Object.fromEntries(
      REMOTE_NAMES.map((name) => {
        const { url, canary } = this.current[name];
        return [name, canary && bucket < canary.share ? canary.url : url];
      }),
    ) as RemotesManifest;
  }

  /** The URL every browser gets for the remote, or null while a canary splits them. */
  soleUrl(remote: RemoteName): string | null {
    const { url, canary } = this.current[remote];
    return canary ? null : url;
  }

  /** The origins of every URL in force that lives on another host, canaries included. */
  origins(): string[] {
    const urls = REMOTE_NAMES.flatMap((name) => {
      const { url, canary } = this.current[name];
      return canary ? [url, canary.url] : [url];
    });
    return [...new Set(urls.filter(isAbsolute).map((url) => new URL(url).origin))];
  }
}
