import { useEffect } from 'react';
import { takeEvery } from 'redux-saga/effects';
import { toastShow, usePageStore } from '@eyewear/event-bus';
import { useMessages } from '@eyewear/i18n';
import { ToastList, useToasts } from '@eyewear/ui';
import { messages } from './messages';

/** Shows every `toast/show` of the page (2000 ms unless the toast says otherwise). */
export function ToastHost() {
  const m = useMessages(messages);
  const pageStore = usePageStore();
  const { toasts, show, dismiss } = useToasts();
  useEffect(
    () =>
      pageStore.runSaga('shell/toasts', function* () {
        yield takeEvery(toastShow.type, (action: ReturnType<typeof toastShow>) => {
          show(action.payload);
        });
      }),
    [pageStore, show],
  );
  return <ToastList toasts={toasts} onDismiss={dismiss} dismissLabel={m.toastDismiss} />;
}
