import type { EntityManager } from '@mikro-orm/core';
import type { AutomationEvent } from '@outpost/contracts';
import { AutomationRecord } from './automation.entity';

/** How long a network's trigger list is read from memory before it is read again (another instance's edits). */
const CACHE_MS = 5_000;

type NetworkTriggers = { at: number; byEvent: Map<AutomationEvent, AutomationRecord[]> };

/**
 * Each network's enabled triggers by event, kept in memory for CACHE_MS: read once at a time per
 * network (the events that come meanwhile wait for that read), and read again at the next event
 * after an edit on this instance.
 */
export class TriggerCache {
  private readonly cache = new Map<string, NetworkTriggers>();
  private readonly reading = new Map<string, Promise<NetworkTriggers>>();
  /** Edits forgotten per network on this instance: a read begun before one is not kept. */
  private readonly edits = new Map<string, number>();

  constructor(private readonly em: EntityManager) {}

  /** The network's enabled triggers for this event and server. */
  async of(networkId: string, event: AutomationEvent, serverId: string): Promise<AutomationRecord[]> {
    let entry = this.cache.get(networkId);
    if (!entry || Date.now() - entry.at > CACHE_MS) {
      let reading = this.reading.get(networkId);
      if (!reading) {
        const read: Promise<NetworkTriggers> = this.read(networkId).finally(() => {
          if (this.reading.get(networkId) === read) this.reading.delete(networkId);
        });
        this.reading.set(networkId, (reading = read));
      }
      entry = await reading;
    }
    const all = entry.byEvent.get(event) ?? [];
    return all.some((automation) => automation.serverIds)
      ? all.filter((automation) => !automation.serverIds || automation.serverIds.includes(serverId))
      : all;
  }

  forget(networkId: string): void {
    this.cache.delete(networkId);
    // A read begun before the edit is not kept, nor waited for by later events.
    this.reading.delete(networkId);
    this.edits.set(networkId, (this.edits.get(networkId) ?? 0) + 1);
  }

  private async read(networkId: string): Promise<NetworkTriggers> {
    const edits = this.edits.get(networkId);
    const automations = await this.em
      .fork()
      .find(AutomationRecord, { networkId, kind: 'trigger', enabled: true });
    const byEvent = new Map<AutomationEvent, AutomationRecord[]>();
    for (const automation of automations) {
      if (!automation.triggerEvent) continue;
      byEvent.set(automation.triggerEvent, [...(byEvent.get(automation.triggerEvent) ?? []), automation]);
    }
    const entry = { at: Date.now(), byEvent };
    if (this.edits.get(networkId) !== edits) return entry;
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(networkId, entry);
    return entry;
  }
}
