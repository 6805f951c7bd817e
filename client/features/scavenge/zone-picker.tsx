/**
 * Where the next scavenge searches (docs/design.md section 8.3): each zone with its energy and the level it opens
 * at, what it drops, and a link to its odds. The choice is remembered on this device. A zone above the player's
 * level can be chosen to read about it; the Scavenge button then says the level it needs.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CloseButton, Dialog } from '../../components/dialog';
import { DEFAULT_ZONE, ZONE_IDS, ZONES, zoneById, type Zone, type ZoneId } from '../../../game/rules/zones';
import { zoneOddsPath } from '../../paths';

const STORAGE_KEY = 'scavenger.zone';

const isZoneId = (value: string | null): value is ZoneId => (ZONE_IDS as readonly (string | null)[]).includes(value);

/** The zone chosen on this device (the Streets until one is), and the setter that remembers it. */
export function useZone(): [Zone, (id: ZoneId) => void] {
  const [id, setId] = useState<ZoneId>(() => {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isZoneId(stored) ? stored : DEFAULT_ZONE.id;
  });
  const choose = (next: ZoneId) => {
    localStorage.setItem(STORAGE_KEY, next);
    setId(next);
  };
  return [zoneById(id), choose];
}

/**
 * The picker as a panel: the select, what the zone drops and its odds. With finds on screen it gives its row to
 * the finds (`tucked`): six finds and the action bar just fit a phone, and four must show at 1280×800 (issue #51),
 * so the loot panel's header holds a ZoneButton instead.
 */
export function ZonePicker({ zone, level, tucked = false, onChange }: { zone: Zone; level: number; tucked?: boolean; onChange: (id: ZoneId) => void }) {
  const id = useId();
  return (
    <div className={`panel flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 ${tucked ? 'hidden' : 'flex'}`} data-testid="zone-picker">
      {/* On a phone the label sits above a full-width select, so the longest zone's name and cost fit. */}
      <label htmlFor={id} className="w-full text-xs font-semibold sm:w-auto sm:text-sm">
        Where to scavenge
      </label>
      <select id={id} className="input w-full py-1.5 sm:w-auto" value={zone.id} onChange={(event) => isZoneId(event.target.value) && onChange(event.target.value)} aria-describedby={`${id}-about`}>
        {ZONES.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name} · {option.energy} energy{option.level > level ? ` · level ${option.level}` : ''}
          </option>
        ))}
      </select>
      <p id={`${id}-about`} className="w-full text-xs text-slate-600 sm:w-auto dark:text-slate-300" data-testid="zone-about">
        {zone.pitch}{' '}
        <Link to={zoneOddsPath(zone.id)} className="link">
          Odds of the {zone.name}
        </Link>
      </p>
    </div>
  );
}

/** With finds on screen: the zone in the loot panel's header, opening the picker in a dialog. */
export function ZoneButton({ zone, level, onChange }: { zone: Zone; level: number; onChange: (id: ZoneId) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="link min-h-11 text-sm" onClick={() => setOpen(true)} aria-label={`Where to scavenge: ${zone.name}`}>
        {zone.name} ▾
      </button>
      {open && (
        <Dialog title="Where to scavenge" onClose={() => setOpen(false)} testId="zone-dialog" actions={<CloseButton onClose={() => setOpen(false)} />}>
          <ZonePicker zone={zone} level={level} onChange={onChange} />
        </Dialog>
      )}
    </>
  );
}
