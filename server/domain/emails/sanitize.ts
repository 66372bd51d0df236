import sanitizeHtml from 'sanitize-html';

/**
 * Email HTML as the visual editor exports it, minus anything active: no script, iframe, object or
 * form, no `on*` event handler, no `javascript:`/`data:` link (images may be https or cid).
 * Styles and tables stay, since emails are laid out with them.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'html', 'head', 'body', 'meta', 'title', 'style', 'img', 'center', 'font', 'span', 'button'],
    allowVulnerableTags: true,
    allowedAttributes: {
      '*': ['style', 'class', 'id', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'role', 'dir', 'lang', 'title'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'alt'],
      meta: ['name', 'content', 'charset', 'http-equiv'],
      font: ['color', 'face', 'size'],
      td: ['colspan', 'rowspan'],
      th: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'http', 'cid'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}
