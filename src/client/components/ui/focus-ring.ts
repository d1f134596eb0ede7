/**
 * Where keyboard focus is: an amber outline outside the control (issue 13). It is neither the
 * red of an error border (aria-invalid) nor the blood red of primary buttons, so a focused
 * field with an error shows both, and a focused red button is still visibly focused.
 */
export const FOCUS_RING = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber";
