import type { AppIcon } from '@campus/contracts/desktop';
import type { MeData } from '@campus/contracts/uaa';
import { useOpenApp } from './useOpenApp.ts';
import { WidgetAppTile } from './WidgetAppTile.tsx';

/**
 * The apps of a desktop card (recent apps, the mobile app grid) as tiles that open their app
 * the way the menus do (useOpenApp: licence first, then records, then the app page); the tile
 * being opened stays busy. `grid` lays them out four across on a phone.
 */
export function AppTileList({
  me,
  apps,
  tileTestId,
  grid = false,
}: {
  me: MeData;
  apps: readonly AppIcon[];
  tileTestId: string;
  grid?: boolean;
}) {
  const { busy, open } = useOpenApp(me);
  return (
    <ul className={grid ? 'dp-tiles dp-tiles--grid' : 'dp-tiles'}>
      {apps.map((app) => (
        <WidgetAppTile
          key={app.code}
          app={app}
          busy={busy === app.code}
          onOpen={open}
          testId={tileTestId}
        />
      ))}
    </ul>
  );
}
