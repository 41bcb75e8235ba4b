/** account §9: nearby store radius 20, page size 10, page 0. */
export const NEARBY = { radius: 20, pageSize: 10, pageNumber: 0 } as const;
/** account §9: slot request duration 30, classification 1, skipCurrentDate 0. */
export const SLOT_REQUEST = { duration: 30, classification: 1, skipCurrentDate: 0 } as const;
