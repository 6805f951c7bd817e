/**
 * The profile header's tools, Log, Craft and Trophy Case (and the cash shop, opened from the header's cash), and the
 * dialogs they open. The app shell hands in the dialogs of other features: features do not import each other.
 */
import { Suspense, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Profile } from '../../../game/wire';
import { TrophyIcon } from '../../components/glyphs';
import { PATHS, OPEN_LOG } from '../../paths';
import { LogDialog } from './log-dialog';

/** The trophy case modal, handed in by the app shell (features do not import each other). */
export interface TrophyCaseModalProps {
  uid: string;
  score: number;
  averageQuality: number;
  /** Catalogue ids the player holds outside the case (equipped, duffel bag): named, never "Not found yet". */
  held: readonly string[];
  onClose: () => void;
}

/** What cash buys (docs/design.md section 8.2), handed in by the app shell like the trophy case. */
export interface CashShopProps {
  profile: Profile;
  clockOffset: number;
  onClose: () => void;
}

/** The crafting dialog, handed in by the app shell like the trophy case. */
export interface CraftDialogProps {
  uid: string;
  onClose: () => void;
}

/** Which of the tools' dialogs are open. */
export function useProfileTools() {
  const [logOpen, setLogOpen] = useState(false);
  const [craftOpen, setCraftOpen] = useState(false);
  const [shopOpen, setShopOpen] = useState(false);
  const [trophyOpen, setTrophyOpen] = useState(false);
  // The phone's More sheet opens the Log from any screen by coming here with OPEN_LOG as the location state.
  const location = useLocation();
  const navigate = useNavigate();
  const logFromMenu = (location.state as typeof OPEN_LOG | null)?.open === OPEN_LOG.open;
  const closeLog = () => {
    setLogOpen(false);
    if (logFromMenu) void navigate(PATHS.profile, { replace: true, state: null });
  };
  return { logOpen: logOpen || logFromMenu, setLogOpen, closeLog, craftOpen, setCraftOpen, shopOpen, setShopOpen, trophyOpen, setTrophyOpen };
}

type Tools = ReturnType<typeof useProfileTools>;

/** The header's buttons; Sign Out belongs to the shell (it also leaves the chat), and phones reach it here. */
export function ToolButtons({ tools, onSignOut }: { tools: Tools; onSignOut: () => void }) {
  return (
    <>
      <button type="button" className="btn-tool" onClick={() => tools.setLogOpen(true)} aria-haspopup="dialog">
        Log
      </button>
      <button type="button" className="btn-tool" onClick={() => tools.setCraftOpen(true)} aria-haspopup="dialog">
        Craft
      </button>
      <button type="button" className="btn-tool" onClick={() => tools.setTrophyOpen((open) => !open)} aria-haspopup="dialog" aria-expanded={tools.trophyOpen}>
        <TrophyIcon />
        Trophy Case
      </button>
      <button type="button" className="btn-tool ml-auto sm:hidden" onClick={onSignOut}>
        Sign Out
      </button>
    </>
  );
}

interface ToolDialogsProps {
  tools: Tools;
  uid: string;
  profile: Profile;
  clockOffset: number;
  TrophyCase: ComponentType<TrophyCaseModalProps>;
  CashShop: ComponentType<CashShopProps>;
  Craft: ComponentType<CraftDialogProps>;
}

/** The open tools' dialogs; the shell's are loaded on demand, so each waits in its own Suspense. */
export function ToolDialogs({ tools, uid, profile, clockOffset, TrophyCase, CashShop, Craft }: ToolDialogsProps) {
  return (
    <>
      {tools.logOpen && <LogDialog uid={uid} onClose={tools.closeLog} />}
      {tools.shopOpen && (
        <Suspense fallback={null}>
          <CashShop profile={profile} clockOffset={clockOffset} onClose={() => tools.setShopOpen(false)} />
        </Suspense>
      )}
      {tools.craftOpen && (
        <Suspense fallback={null}>
          <Craft uid={uid} onClose={() => tools.setCraftOpen(false)} />
        </Suspense>
      )}
      {tools.trophyOpen && (
        <Suspense fallback={null}>
          <TrophyCase
            uid={uid}
            score={profile.trophyCaseScore}
            averageQuality={profile.trophyCaseAvgQuality}
            held={[...profile.inventory, ...profile.duffelBag].map((item) => item.catalogId)}
            onClose={() => tools.setTrophyOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
