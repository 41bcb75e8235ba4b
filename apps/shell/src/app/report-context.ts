import { createContext, useContext } from 'react';
import { type FailureReporter } from '@eyewear/federation';

export const ReportContext = createContext<FailureReporter>(() => undefined);

export function useReport(): FailureReporter {
  return useContext(ReportContext);
}
