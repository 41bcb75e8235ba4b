import { createContext, useContext, type ReactNode } from 'react';
import { type SlotName, type SlotProps } from '@eyewear/federation';

/** How the page renders a slot: the shell mounts the owning remote's exposed module. */
export type SlotRenderer = <N extends SlotName>(name: N, props: SlotProps[N]) => ReactNode;

const SlotContext = createContext<SlotRenderer | null>(null);

/**
 * Provides the slots (`SLOTS` of `@eyewear/federation`): another remote's piece that a page
 * shows inline, such as the catalogue's wishlist toggle on the product page. The shell
 * provides them; a remote never imports another. The context lives in the event bus, the
 * page's one shared instance, so the remote and the shell see the same provider.
 */
export function SlotProvider({ render, children }: { render: SlotRenderer; children: ReactNode }) {
  return <SlotContext.Provider value={render}>{children}</SlotContext.Provider>;
}

/**
 * Another remote's piece, by slot name. Without a provider (a remote run alone, without the
 * shell) it renders `fallback`, nothing by default: the page works without it.
 */
export function Slot<N extends SlotName>({ name, props, fallback = null }: { name: N; props: SlotProps[N]; fallback?: ReactNode }) {
  const render = useContext(SlotContext);
  return <>{render ? render(name, props) : fallback}</>;
}
