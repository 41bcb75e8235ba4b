import { put, take } from 'redux-saga/effects';
import { type EventCreator } from './events';

/** Waits for the next event of this kind and returns its payload. `const p = yield* takeEvent(cartChanged)`. */
export function* takeEvent<P, T extends string>(event: EventCreator<P, T>): Generator<unknown, P, { payload: P }> {
  const action = yield take(event.type);
  return action.payload;
}

/** Publishes an event from a saga. */
export function publish<P, T extends string>(event: EventCreator<P, T>, payload: P) {
  return put(event(payload));
}
