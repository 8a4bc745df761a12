import { addNamespace } from '../../i18n/i18n';
import { notifications } from '../../i18n/resources/notifications';

// Registered by the chunks that import it (the notifications pages, the charity area), so these texts stay out of the landing page.
addNamespace('notifications', notifications);
