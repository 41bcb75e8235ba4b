import { formatMessage } from '@eyewear/i18n';
import { type PowerProblem } from '@eyewear/i18n/rules';
import { type sectionMessages } from '../../app/section-messages';

type Catalogue = (typeof sectionMessages)['defaults'];

/**
 * The sentence of a refused power (`prescriptionProblems` of `@eyewear/i18n/rules`, the check
 * the API makes too), from the section catalogue (`power_<reason>`).
 */
export const problemText = (m: Catalogue, problem: PowerProblem) => formatMessage(m[`power_${problem.reason}`], problem as unknown as Record<string, string>);

/** Each field's sentence, keyed as the API names the fields (`right.sph`). */
export const problemTexts = (m: Catalogue, problems: Record<string, PowerProblem>): Record<string, string> =>
  Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problemText(m, problem)]));

/** A server refusal shown at its field: the message without the field name the API puts first (`right.sph: ...`). */
export const atField = (field: string, message: string) => (message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message);
