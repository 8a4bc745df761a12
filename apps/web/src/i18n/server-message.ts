import { useTranslation } from 'react-i18next';

/**
 * Shows a message from the API in the reader's language when it is one we know (the API speaks
 * English); any other message is shown as sent. The message is looked up whole in the language's table,
 * not through `t`: many hold a ":" or a "." (`That day is already listed: change or ...`), which i18next
 * would read as a namespace or a nested key, and then show the English.
 */
export function useServerMessage(): (message: string) => string {
  const { i18n } = useTranslation('messages');
  return (message) => {
    const bundle: unknown = i18n.getResourceBundle(i18n.resolvedLanguage ?? i18n.language, 'messages');
    const table = typeof bundle === 'object' && bundle !== null ? (bundle as { serverMessages?: Record<string, unknown> }).serverMessages : undefined;
    const known = table?.[message];
    return typeof known === 'string' ? known : message;
  };
}
