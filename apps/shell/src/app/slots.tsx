import { type ReactNode } from 'react';
import { SlotProvider, type SlotRenderer } from '@eyewear/event-bus';
import { SLOTS } from '@eyewear/federation';
import { RemoteArea } from './remote-area';

/**
 * The slots of `@eyewear/federation` (ADR 025): a page's `<Slot name props>` becomes the owning
 * remote's exposed module, loaded like any area (cohort, canary fallback, retries). A slot
 * that fails shows nothing: the page around it works without it.
 */
const renderSlot: SlotRenderer = (name, props) => {
  const { remote, expose } = SLOTS[name];
  return <RemoteArea variant="slot" remote={remote} expose={expose} props={props} />;
};

export function ShellSlots({ children }: { children: ReactNode }) {
  return <SlotProvider render={renderSlot}>{children}</SlotProvider>;
}
