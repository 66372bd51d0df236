/** The Content group of a section for the previewed audience, every field of SECTION_FIELDS labelled by its setting. */
import { SECTION_FIELD_META, type Audience, type Button, type ReferralReward, type Section, type SectionContent } from '../../renderers/contract/index.ts';
import { SECTION_FIELDS } from '../../renderers/contract/index.ts';
import { addListItem, moveListItem, removeListItem, setContentField, type ListField } from '../commands/index.ts';
import { ListEditor, TextField, UrlField } from '../fields/index.ts';
import { EventItem, PointsMethodItem, StepItem, TierItem, itemName } from './list-items.tsx';
import { useEdit } from './use-edit.ts';

type Path = (string | number)[];

export function ContentFields({ section, audience }: { section: Section; audience: Audience }) {
  const { run, seal } = useEdit();
  const content = section.content[audience];
  const set = (path: Path, value: unknown) => run(setContentField, { sectionId: section.id, audience, path, value });
  return (
    <>
      {SECTION_FIELDS[section.type].content.map((key) => (
        <ContentField key={key} field={key} content={content} set={set} seal={seal} sectionId={section.id} audience={audience} />
      ))}
    </>
  );
}

interface ContentFieldProps {
  field: keyof SectionContent;
  content: SectionContent;
  set(path: Path, value: unknown): void;
  seal(): void;
  sectionId: string;
  audience: Audience;
}

function ContentField({ field, content, set, seal, sectionId, audience }: ContentFieldProps) {
  const { run } = useEdit();
  const meta = SECTION_FIELD_META.content[field];
  switch (meta.control) {
    case 'text':
    case 'textarea':
      return (
        <TextField
          label={meta.label}
          value={(content[field] as string | undefined) ?? ''}
          maxLength={meta.maxLength}
          multiline={meta.control === 'textarea'}
          placeholders
          onChange={(v) => set([field], v)}
          onCommit={seal}
        />
      );
    case 'url':
      return <UrlField label={meta.label} value={(content[field] as string | undefined) ?? ''} onChange={(v) => set([field], v)} onCommit={seal} />;
    case 'button': {
      const button = content[field] as Button | undefined;
      const setPart = (part: 'label' | 'url', v: string) => (button ? set([field, part], v) : set([field], { label: '', url: '', [part]: v }));
      return (
        <fieldset className="bs-group">
          <legend>{meta.label}</legend>
          <TextField label={`${meta.label} label`} value={button?.label ?? ''} placeholders onChange={(v) => setPart('label', v)} onCommit={seal} />
          <UrlField label={`${meta.label} URL`} value={button?.url ?? ''} onChange={(v) => setPart('url', v)} onCommit={seal} />
        </fieldset>
      );
    }
    case 'referral_reward': {
      const reward = content[field] as ReferralReward | undefined;
      const setPart = (part: 'title' | 'description', v: string) => (reward ? set([field, part], v) : set([field], { title: '', description: '', [part]: v }));
      return (
        <fieldset className="bs-group">
          <legend>{meta.label}</legend>
          <TextField label={`${meta.label} title`} value={reward?.title ?? ''} onChange={(v) => setPart('title', v)} onCommit={seal} />
          <TextField label={`${meta.label} description`} value={reward?.description ?? ''} onChange={(v) => setPart('description', v)} onCommit={seal} />
        </fieldset>
      );
    }
    case 'list': {
      const listField = field as ListField;
      const items = (content[listField] ?? []) as unknown[];
      const setItem = (index: number) => (key: string, value: unknown) => set([field, index, key], value);
      return (
        <ListEditor
          label={meta.label}
          items={items}
          itemName={(item, i) => itemName(meta.label, item, i)}
          whenEmpty={meta.whenEmpty}
          onAdd={() => run(addListItem, { sectionId, audience, field: listField })}
          onRemove={(index) => run(removeListItem, { sectionId, audience, field: listField, index })}
          onMove={(from, to) => run(moveListItem, { sectionId, audience, field: listField, from, to })}
          renderItem={(item, index) => {
            const props = { set: setItem(index), seal };
            switch (meta.item) {
              case 'step':
                return <StepItem item={item as never} {...props} />;
              case 'points_method':
                return <PointsMethodItem item={item as never} cost={field !== 'earningMethods'} {...props} />;
              case 'loyalty_tier':
                return <TierItem item={item as never} {...props} />;
              case 'timeline_event':
                return <EventItem item={item as never} {...props} />;
            }
          }}
        />
      );
    }
    default:
      return null;
  }
}
