/** What the order detail uses of the lens changes: the power type / lens package actions and their strings. */
export { ItemLensActions } from './components/ItemLensActions';
export { upgradeMessages } from './messages';
