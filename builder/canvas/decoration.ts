/** Builder-only outlines drawn in the canvas frame: hover, selection and inline editing. */
export const CANVAS_DECORATION = [
  '[data-bs-owner]{cursor:pointer;position:relative}',
  '[data-bs-owner][data-bs-hovered]{outline:2px dashed #0060e7;outline-offset:-2px}',
  '[data-bs-owner][data-bs-selected]{outline:2px solid #0060e7;outline-offset:-2px}',
  '[data-bs-editing]{outline:2px solid #f59e0b!important;outline-offset:2px;cursor:text;white-space:pre-wrap}',
  '[data-bs-editable]:hover{text-decoration:underline dotted}',
].join('');
