/** account §8/§9: power, package and prescription update toasts stay 7000 ms. */
export const UPDATE_TOAST_MS = 7000;
