import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Field } from '../../../components/ui/Field.tsx';
import { Banner } from '../../../components/ui/PageHeader.tsx';
import { errorMessage } from '../../../lib/api/errors.ts';
import { isValidEmail } from '../../../lib/validation.ts';
import { useTestSend, type EmailFieldsValue } from '../api/emails.ts';
import { Permitted } from '../../../components/ui/Permitted.tsx';
import { languageName, type StoreLanguages } from '../../../../renderers/contract/index.ts';

/**
 * Test send: the current design, filled with a real member's data, to an address the merchant
 * types, in the language chosen among the store's (its default until another is chosen).
 */
export function TestSendCard({ emailKey, fields, languages }: { emailKey: string; fields: () => EmailFieldsValue; languages: StoreLanguages }) {
  const [to, setTo] = useState('');
  const [language, setLanguage] = useState(languages.default);
  const [error, setError] = useState<string | null>(null);
  const send = useTestSend();
  const submit = async () => {
    setError(null);
    if (!isValidEmail(to)) return setError('Enter a valid e-mail address.');
    try {
      await send.mutateAsync({ email: emailKey as never, to, fields: fields(), language });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  const result = send.data;
  return (
    <section className="ls-card ls-stack" aria-labelledby="test-send-heading">
      <h2 id="test-send-heading">Send a test</h2>
      <form
        className="ls-row"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Permitted permission="program:edit">
          <Field label="Send to" type="email" inputMode="email" autoComplete="email" value={to} onChange={(event) => setTo(event.target.value)} error={error} />
          {languages.others.length > 0 ? (
            <label className="ls-field">
              <span className="ls-field__label">Language</span>
              <select className="ls-field__input" value={language} onChange={(event) => setLanguage(event.target.value)}>
                {[languages.default, ...languages.others].map((tag) => (
                  <option key={tag} value={tag}>
                    {languageName(tag)}
                    {tag === languages.default ? ' (default)' : ''}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <Button type="submit" loading={send.isPending}>
            Send test
          </Button>
        </Permitted>
      </form>
      {result && !error ? (
        <Banner tone={result.status === 'sent' ? 'success' : 'info'}>
          {result.status === 'sent'
            ? `Sent "${result.subject}" to ${result.to} in ${languageName(result.language)}${result.member ? `, filled with ${result.member}'s data` : ''}.`
            : `No mail server is set up (SMTP_URL): the test to ${result.to} is kept in the Sent emails log.`}
        </Banner>
      ) : null}
    </section>
  );
}
