import { useTranslation } from 'react-i18next';

/**
 * Shows a message from the API in the reader's language when it is one we know (the API speaks
 * English); any other message is shown as sent.
 */
export function useServerMessage(): (message: string) => string {
  const { t } = useTranslation('messages');
  return (message) => t(`serverMessages.${message}`, { defaultValue: message });
}
