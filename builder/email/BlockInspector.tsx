/** The built-in email editor's inspector: the fields of the selected block and the inputs it is made of. */
import { EMAIL_ALIGNS, EMAIL_BLOCK_DEFINITIONS, type EmailBlock, type EmailFieldDefinition } from '../../renderers/contract/index.ts';
import { NotTranslated } from './language-choice.tsx';

/** The schema's messages for block `index`, by field name. */
export function issuesOf(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, index: number): Record<string, string> {
  return Object.fromEntries(
    issues.filter((issue) => issue.path[0] === 'blocks' && issue.path[1] === index).map((issue) => [String(issue.path[2]), issue.message]),
  );
}

/** A labelled text, number, colour or URL input (or a textarea) with its hint and error. */
export function TextInput({
  label,
  value,
  onChange,
  type = 'text',
  multiline = false,
  error,
  hint,
  min,
  max,
  untranslated = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'color' | 'number' | 'url';
  multiline?: boolean;
  error?: string | undefined;
  hint?: string | undefined;
  min?: number | undefined;
  max?: number | undefined;
  /** the language being edited has no text of its own here: the default language's is shown (and sent) */
  untranslated?: boolean;
}) {
  const id = `email-field-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const described = [untranslated ? `${id}-untranslated` : '', hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="bs-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          rows={6}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          type={type}
          value={value}
          min={min}
          max={max}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {untranslated ? <NotTranslated id={`${id}-untranslated`} /> : null}
      {hint ? (
        <div id={`${id}-hint`} className="bs-field__hint">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="bs-field__error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** The selected block's fields, as its definition lists them, and its Move up / Move down / Remove buttons. */
export function BlockInspector({
  block,
  index,
  count,
  tags,
  issues,
  untranslated,
  onChange,
  onMove,
  onRemove,
}: {
  /** the block as seen in the language being edited */
  block: EmailBlock;
  index: number;
  count: number;
  tags: string[];
  issues: Record<string, string>;
  /** whether a field of the block has no text of its own in the language being edited */
  untranslated(field: string): boolean;
  onChange(field: string, value: unknown): void;
  onMove(offset: number): void;
  onRemove(): void;
}) {
  const definition = EMAIL_BLOCK_DEFINITIONS[block.type];
  const values = block as unknown as Record<string, unknown>;
  return (
    <section className="bs-inspector__group" aria-labelledby="email-block-title">
      <h2 id="email-block-title" className="bs-inspector__title">
        {definition.label}
      </h2>
      {(definition.fields as readonly EmailFieldDefinition[]).map((field) => {
        const value = values[field.name];
        const common = { label: field.label, error: issues[field.name] };
        if (field.control === 'align')
          return (
            <div className="bs-field" key={field.name}>
              <label htmlFor={`email-align-${block.id}`}>{field.label}</label>
              <select id={`email-align-${block.id}`} value={String(value)} onChange={(event) => onChange(field.name, event.target.value)}>
                {EMAIL_ALIGNS.map((align) => (
                  <option key={align} value={align}>
                    {align[0]!.toUpperCase() + align.slice(1)}
                  </option>
                ))}
              </select>
            </div>
          );
        if (field.control === 'number')
          return (
            <TextInput
              key={field.name}
              {...common}
              type="number"
              min={field.min}
              max={field.max}
              value={String(value)}
              onChange={(next) => onChange(field.name, Number(next))}
            />
          );
        return (
          <TextInput
            key={field.name}
            {...common}
            type={field.control === 'colour' ? 'color' : 'text'}
            multiline={field.control === 'textarea'}
            value={String(value ?? '')}
            untranslated={untranslated(field.name)}
            hint={
              field.placeholders
                ? `Placeholders: ${tags.map((tag) => `{{${tag}}}`).join(' ')}`
                : field.control === 'link'
                  ? 'https://… or a placeholder'
                  : undefined
            }
            onChange={(next) => onChange(field.name, next)}
          />
        );
      })}
      <div className="bs-topbar">
        <button type="button" className="bs-button" onClick={() => onMove(-1)} disabled={index === 0}>
          Move up
        </button>
        <button type="button" className="bs-button" onClick={() => onMove(1)} disabled={index === count - 1}>
          Move down
        </button>
        <button type="button" className="bs-button" onClick={onRemove}>
          Remove block
        </button>
      </div>
    </section>
  );
}
