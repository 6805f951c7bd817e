/**
 * The profile's Craft button (docs/design.md section 7.3): every recipe with what it makes, its gold, and each part
 * owned, still being researched or missing. Craft picks the parts (./plan.ts), names them in a confirmation,
 * since they are destroyed, and sends the intent; the server decides, and its answer refreshes the profile.
 */
import { useId, useState } from 'react';
import { XP } from '../../../game/rules/level';
import type { IntentResult, Recipe } from '../../../game/wire';
import { CloseButton, ConfirmDialog, Dialog, MessageDialog } from '../../components/dialog';
import { ItemIcon } from '../../components/item-art';
import { playerCache, usePlayer } from '../../lib/player';
import { RarityLabel, rarityStyle } from '../../components/rarity';
import { ReadState } from '../../components/read-state';
import { toast } from '../../lib/toasts';
import { Abbr } from '../../components/ui';
import { count } from '../../components/count';
import { useNow } from '../../components/use-now';
import { useIntent } from '../../lib/use-intent';
import { useRead } from '../../lib/query';
import { craftingApi } from './api';
import { inputName, ownedParts, planRecipe, type InputPlan, type Part, type RecipePlan } from './plan';

interface CraftDialogProps {
  uid: string;
  onClose: () => void;
}

const PLACE_NAMES = { inventory: 'Equipped', duffel: 'Duffel Bag' } as const;

export default function CraftDialog({ uid, onClose }: CraftDialogProps) {
  const { profile, clockOffset } = usePlayer(uid);
  const recipes = useRead(craftingApi.recipes, 'could not read the recipes');
  const intent = useIntent<'craft'>();
  // The parts as confirmed: what the confirmation names is exactly what is sent.
  const [confirming, setConfirming] = useState<RecipePlan | null>(null);
  // Research ticks while the dialog is open, so a part that finishes makes its recipe ready.
  const serverNow = useNow(1000) + clockOffset;

  const owned = profile ? ownedParts(profile, serverNow) : [];
  const plans = profile && recipes.data ? recipes.data.map((recipe) => planRecipe(recipe, owned, profile.gold)) : null;

  const craft = (plan: RecipePlan) => {
    setConfirming(null);
    const parts = plan.parts;
    if (!parts) return;
    return intent.run(
      'craft',
      async () => {
        const result = await craftingApi.craft({ recipeId: plan.recipe.id, itemIds: parts.map((part) => part.item.id) });
        toast(craftedText(plan.recipe, result, owned));
        onClose();
      },
      // The profile this dialog planned from was out of date (another tab, a part that left): show what is true.
      () => void playerCache.reload(),
    );
  };

  return (
    <Dialog
      title="Craft"
      onClose={onClose}
      testId="craft-dialog"
      className="max-w-3xl"
      actions={<CloseButton onClose={onClose} />}
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Build Assembled items from gold and fully researched parts, equipped or in your duffel bag. The parts are destroyed;
        the new item has their mean quality, comes fully researched and gives {XP.craft} XP.
      </p>
      {/* The plans need the profile too: loading until both are here. */}
      <ReadState
        read={{ data: plans && profile ? { plans, gold: profile.gold } : null, error: recipes.error }}
        errorClassName="mt-4"
        loadingClassName="mt-4"
        empty={{ when: (ready) => ready.plans.length === 0, show: <p className="mt-4 font-semibold">There are no recipes yet.</p> }}
      >
        {({ plans, gold }) => (
          <>
            <p className="mt-2 text-sm font-semibold" data-testid="craft-summary">
              You have {gold} gold.{' '}
              {plans.some((plan) => plan.reason === null) ? '' : 'Nothing can be crafted yet: each recipe says what it still needs.'}
            </p>
            <ul className="mt-3 grid gap-3 md:grid-cols-2">
              {plans.map((plan) => (
                <RecipeCard key={plan.recipe.id} plan={plan} busy={intent.busy()} onCraft={() => setConfirming(plan)} />
              ))}
            </ul>
          </>
        )}
      </ReadState>
      {confirming?.parts && (
        <ConfirmDialog
          question={`Craft ${confirming.recipe.result.name} for ${confirming.recipe.gold} gold?`}
          confirmLabel="Yes, Craft"
          onConfirm={() => void craft(confirming)}
          onCancel={() => setConfirming(null)}
          busy={intent.busy()}
        >
          <Consumed plan={confirming} parts={confirming.parts} />
        </ConfirmDialog>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </Dialog>
  );
}

/** The toast after a craft: what was made, how good, and where it went when that is not the inventory. */
function craftedText(recipe: Recipe, result: IntentResult, before: readonly Part[]): string {
  const known = new Set(before.map((part) => part.item.id));
  const isNew = (item: { id: string; catalogId: string }) => !known.has(item.id) && item.catalogId === recipe.result.id;
  const made = result.profile.inventory.find(isNew) ?? result.profile.duffelBag.find(isNew);
  if (!made) return `You crafted ${recipe.result.name}.`;
  const inBag = result.profile.duffelBag.includes(made);
  return `You crafted ${made.itemName} (quality ${made.quality})${inBag ? '. Your inventory was full, so it is in your duffel bag.' : '.'}`;
}

function RecipeCard({ plan, busy, onCraft }: { plan: RecipePlan; busy: boolean; onCraft: () => void }) {
  const titleId = useId();
  const reasonId = useId();
  const { recipe, reason } = plan;
  const { result } = recipe;
  const ready = reason === null;
  return (
    <li
      aria-labelledby={titleId}
      data-testid="recipe"
      className="flex flex-col rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700"
    >
      <div className="flex gap-3">
        <ItemIcon catalogId={result.id} rarity={result.rarity} size="lg" />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="text-base font-black">
            {result.name}
          </h3>
          <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-300">
            <RarityLabel rarity={result.rarity} />
            <span>
              <Abbr short="ATK" full="Attack" /> {result.attack}
            </span>
            <span>
              <Abbr short="DEF" full="Defense" /> {result.defense}
            </span>
            <span>at quality 1</span>
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{result.description}</p>
        </div>
      </div>
      <h4 className="mt-3 text-xs font-bold tracking-wider text-slate-600 uppercase dark:text-slate-300">Parts</h4>
      <ul className="mt-1 space-y-1.5">
        {plan.inputs.map((input, index) => (
          <InputRow key={index} plan={input} />
        ))}
      </ul>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-2 pt-3">
        <span className={`text-sm font-bold tabular-nums ${plan.goldShort > 0 ? 'text-red-700 dark:text-red-300' : ''}`} data-testid="recipe-gold">
          {recipe.gold} gold
        </span>
        {/* aria-disabled, not disabled: a keyboard player can still reach the button and hear why it waits. */}
        <button
          type="button"
          className="btn-game ml-auto aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          aria-disabled={!ready || busy || undefined}
          aria-describedby={ready ? undefined : reasonId}
          onClick={() => ready && !busy && onCraft()}
        >
          Craft<span className="sr-only"> {result.name}</span>
        </button>
        {reason && (
          <p id={reasonId} className="basis-full text-sm text-slate-700 dark:text-slate-300" data-testid="recipe-reason">
            {reason}
          </p>
        )}
      </div>
    </li>
  );
}

const STATE_TEXT = {
  ready: 'text-emerald-700 dark:text-emerald-300',
  researching: 'text-amber-800 dark:text-amber-300',
  missing: 'text-red-700 dark:text-red-300',
} as const;

/** One part of a recipe: what it asks for, and which owned items fill it, are still researching or are missing. */
function InputRow({ plan }: { plan: InputPlan }) {
  const { input, ready, researching, missing } = plan;
  const state = ready.length === input.count ? 'ready' : missing === 0 ? 'researching' : 'missing';
  return (
    <li className="flex items-center gap-2 text-sm" data-testid="recipe-input" data-state={state}>
      {input.kind === 'item' ? (
        <ItemIcon catalogId={input.item.id} rarity={input.item.rarity} size="sm" />
      ) : (
        <span aria-hidden="true" className="item-tile h-10 w-10 text-sm" style={rarityStyle(input.rarity)}>
          ×{input.count}
        </span>
      )}
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="font-semibold">{input.kind === 'item' ? inputName(input) : `Any ${inputName(input)}`}</span>
          <span className={`ml-auto shrink-0 text-xs font-bold tabular-nums ${STATE_TEXT[state]}`}>
            {state === 'ready' ? '✓ ' : ''}
            {ready.length}/{input.count}
          </span>
        </span>
        <span className="block text-xs">
          {ready.map((part) => (
            <span key={part.item.id} className="mr-2 inline-block text-slate-600 dark:text-slate-300">
              {part.item.itemName} <Abbr short="Q" full="Quality" />
              {part.item.quality}
            </span>
          ))}
          {researching.map((part) => (
            <span key={part.item.id} className={`mr-2 inline-block font-semibold ${STATE_TEXT.researching}`} data-testid="part-researching">
              {part.item.itemName} researching {part.research}%
            </span>
          ))}
          {missing > 0 && <span className={`inline-block font-semibold ${STATE_TEXT.missing}`}>{missing} missing</span>}
        </span>
      </span>
    </li>
  );
}

/** The confirmation's list of the items a craft destroys, named, with where each is now. */
function Consumed({ plan, parts }: { plan: RecipePlan; parts: readonly Part[] }) {
  return (
    <>
      <p className="text-sm">These {count(parts.length, 'item')} will be destroyed:</p>
      <ul className="mt-2 space-y-1.5" data-testid="craft-consumes">
        {parts.map((part) => (
          <li key={part.item.id} className="flex items-center gap-2 text-sm">
            <ItemIcon catalogId={part.item.catalogId} rarity={part.item.rarity} size="sm" />
            <span className="min-w-0 flex-1">
              <span className="font-semibold">{part.item.itemName}</span> <span className="chip">
                <Abbr short="Q" full="Quality" />
                {part.item.quality}
              </span>
            </span>
            <span className="text-xs text-slate-600 dark:text-slate-300">{PLACE_NAMES[part.place]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        You get {plan.recipe.result.name} at quality {plan.quality}, fully researched, and {XP.craft} XP.
      </p>
    </>
  );
}
