// What other features may use of the prescriptions feature (README "Layout").
export { atField, problemText, problemTexts } from './power-text';
