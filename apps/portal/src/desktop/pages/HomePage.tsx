import type { MeData } from '@campus/contracts/uaa';
import { WelcomePanel } from './WelcomePanel.tsx';
import { ChildWidget } from '../accounts/ChildWidget.tsx';
import { MessagesWidget } from '../messages/MessagesWidget.tsx';
import { RecentAppsWidget } from '../apps/RecentAppsWidget.tsx';
import { TodoWidget } from '../todos/TodoWidget.tsx';

/** Spec §1, §6: parents (user type 3) have a current child. */
const PARENT = 3;

/**
 * The PC desktop home (spec §2 /desktop/home, pc_desktop_all): the welcome panel, then the
 * widgets: a parent's current child first, then recent apps, to-dos and unread messages.
 */
export function HomePage({ me }: { me: MeData }) {
  return (
    <div className="dp-home" data-testid="page.home">
      <WelcomePanel me={me} />
      {/* Four cards for a parent sit two by two rather than leave a hole in a row of three. */}
      <div className={me.userType === PARENT ? 'dp-grid dp-grid--two' : 'dp-grid'}>
        {me.userType === PARENT ? <ChildWidget me={me} /> : null}
        <RecentAppsWidget me={me} />
        <TodoWidget />
        <MessagesWidget />
      </div>
    </div>
  );
}
