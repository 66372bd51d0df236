import { useState, type ComponentType, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { ActionList } from '../../../components/ui/ActionList.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../../components/ui/aria/ConfirmDialog.tsx';
import { Drawer } from '../../../components/ui/aria/Drawer.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { RuleCard, type RuleCardProps } from './RuleCard.tsx';
import { useCan } from '../../../lib/useCan.ts';
import { ViewOnlyNote } from '../../../components/ui/ViewOnlyNote.tsx';

interface Rule {
  id: number;
  title: string;
  status: string;
}

export interface RuleGroup<R extends Rule> {
  id: string;
  title: string;
  rules: R[];
}

type Editing<T> = { mode: 'pick' } | { mode: 'new'; template: T } | { mode: 'edit'; id: number; body: T };

export interface RuleSectionProps<R extends Rule, T extends { title: string }> {
  id: string;
  title: string;
  /** "way to earn" */
  noun: string;
  /** "ways to earn" */
  plural: string;
  intro: ReactNode;
  /** the rules' fetch: loading, failure (kept) and the groups */
  loading: boolean;
  loadError: unknown;
  groups: RuleGroup<R>[] | undefined;
  catalogue: ReadonlyArray<{ id: string; label: string; description: string; template: T }>;
  card: (rule: R) => Pick<RuleCardProps, 'icon' | 'summary' | 'details'>;
  bodyOf: (rule: R) => T;
  Form: ComponentType<{ id?: number | undefined; initial: T; onDone: () => void }>;
  toggle: UseMutationResult<unknown, Error, { id?: number | undefined; body: T }>;
  remove: UseMutationResult<unknown, Error, number>;
  deleteNote: string;
}

/** A list of rules with add (from a catalogue), edit (drawer), status switch and delete (confirmed); each call's failure stays shown. */
export function RuleSection<R extends Rule, T extends { title: string; status?: string }>(props: RuleSectionProps<R, T>) {
  const { id, title, noun, plural, groups, toggle, remove, Form } = props;
  const canEdit = useCan('program:edit');
  const [editing, setEditing] = useState<Editing<T> | null>(null);
  const [deleting, setDeleting] = useState<R | null>(null);
  const [toggleFailure, setToggleFailure] = useState<string | null>(null);
  const toast = useToast();
  const close = () => setEditing(null);
  const all = groups?.flatMap((group) => group.rules) ?? [];
  const setActive = (rule: R, active: boolean) => {
    setToggleFailure(null);
    toggle.mutate(
      { id: rule.id, body: { ...props.bodyOf(rule), status: active ? 'active' : 'inactive' } },
      {
        onSuccess: () => toast({ message: `“${rule.title}” is now ${active ? 'active' : 'inactive'}` }),
        onError: (error) => setToggleFailure(`“${rule.title}” was not changed: ${errorMessage(error)}`),
      },
    );
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ message: `“${deleting.title}” deleted` });
        setDeleting(null);
      },
      onError: () => setDeleting(null),
    });
  };
  const drawerTitle = editing?.mode === 'edit' ? `Edit ${noun}` : `Add a ${noun}`;
  return (
    <section className="ls-card" aria-labelledby={`${id}-heading`}>
      <div className="ls-row ls-rule-section__head">
        <h2 id={`${id}-heading`}>{title}</h2>
        {canEdit ? <Button variant="primary" onClick={() => setEditing({ mode: 'pick' })}>{`Add a ${noun}`}</Button> : null}
      </div>
      <div className="ls-stack">
        <p className="ls-muted">{props.intro}</p>
        <ViewOnlyNote permission="program:edit" />
        {props.loading ? <p role="status">Loading…</p> : null}
        {props.loadError ? <Banner tone="critical">{`The ${plural} could not be loaded: ${errorMessage(props.loadError)}`}</Banner> : null}
        {remove.isError ? <Banner tone="critical">{`The ${noun} was not deleted: ${errorMessage(remove.error)}`}</Banner> : null}
        {toggleFailure ? <Banner tone="critical">{toggleFailure}</Banner> : null}
        {groups && all.length === 0 ? <p>{canEdit ? `No ${plural} yet. Add one to start.` : `No ${plural} yet.`}</p> : null}
        {groups
          ?.filter((group) => group.rules.length)
          .map((group) => (
            <div key={group.id} className="ls-stack">
              {groups.length > 1 ? <h3 className="ls-rule-group__title">{group.title}</h3> : null}
              <ul className="ls-rule-grid" aria-label={groups.length > 1 ? group.title : title}>
                {group.rules.map((rule) => (
                  <RuleCard
                    key={rule.id}
                    level={groups.length > 1 ? 4 : 3}
                    title={rule.title}
                    {...props.card(rule)}
                    active={rule.status === 'active'}
                    toggling={toggle.isPending && toggle.variables?.id === rule.id}
                    actions={
                      canEdit
                        ? {
                            onToggle: (active) => setActive(rule, active),
                            onEdit: () => setEditing({ mode: 'edit', id: rule.id, body: props.bodyOf(rule) }),
                            onDelete: () => setDeleting(rule),
                          }
                        : undefined
                    }
                  />
                ))}
              </ul>
            </div>
          ))}
      </div>
      <Drawer open={editing !== null} title={drawerTitle} onClose={close}>
        {editing?.mode === 'pick' ? (
          <ActionList
            label={`Kinds of ${noun}`}
            items={props.catalogue.map((item) => ({
              id: item.id,
              label: item.label,
              description: item.description,
              onSelect: () => setEditing({ mode: 'new', template: item.template }),
            }))}
          />
        ) : null}
        {editing?.mode === 'new' ? <Form initial={editing.template} onDone={close} /> : null}
        {editing?.mode === 'edit' ? <Form id={editing.id} initial={editing.body} onDone={close} /> : null}
      </Drawer>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.title ?? ''}”?`}
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>{props.deleteNote}</p>
      </ConfirmDialog>
    </section>
  );
}
