import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  AreaRuleId,
  CopyFloorRuleId,
  SiteRuleId,
  UnitRuleId,
  UnregisteredRuleId,
} from '../../../sync/sites/rules.ts';

/**
 * The form's own message for every rule id of sync/sites/rules.ts (spec §5). The server sends
 * its message for the same ids when it refuses a save; the form says it first, in the
 * member's language.
 */
export const siteRuleText: Record<SiteRuleId, MessageDescriptor> = {
  nameRequired: msg`Please enter the site name.`,
  addressRequired: msg`Please enter the address.`,
  contactRequired: msg`Please add at least one contact.`,
  contactsMax: msg`You can add up to 5 contacts.`,
  contactIncomplete: msg`Please enter both the name and the phone number of each contact.`,
  maemulTypeRequired: msg`Please choose the property type.`,
  maemulTypeSingle: msg`A general site has one property type.`,
  complexInfoRequired: msg`Please enter the complex information (number of buildings or units).`,
  transTypeRequired: msg`Please choose the transaction type.`,
  salePriceRequired: msg`Please enter the sale price or mark it as price on inquiry.`,
  charterPriceRequired: msg`Please enter the charter price or mark it as price on inquiry.`,
  investPriceRequired: msg`Please enter the investment amount or mark it as price on inquiry.`,
  monthlyPriceRequired: msg`Monthly rent needs both the deposit and the rent.`,
  roomNumRequired: msg`Please choose the number of rooms.`,
  toiletNumRequired: msg`Please choose the number of toilets.`,
  feeTypeRequired: msg`Please choose the fee type.`,
  feeInvestRequired: msg`Please enter the investment fee.`,
  elevatorRequired: msg`Please say whether there is an elevator.`,
  areaRequired: msg`Please add at least one area.`,
};

export const unregisteredRuleText: Record<UnregisteredRuleId, MessageDescriptor> = {
  nameRequired: siteRuleText.nameRequired,
  addressRequired: siteRuleText.addressRequired,
  contactRequired: siteRuleText.contactRequired,
  feeTypeRequired: siteRuleText.feeTypeRequired,
  feeInvestRequired: siteRuleText.feeInvestRequired,
};

export const unitRuleText: Record<UnitRuleId, MessageDescriptor> = {
  dealTypeRequired: msg`Please choose the deal type.`,
  unitSalePriceRequired: msg`Please enter the sale price or tick price on inquiry.`,
  unitCharterPriceRequired: msg`Please enter the charter price or tick price on inquiry.`,
  unitInvestPriceRequired: msg`Please enter the investment amount or tick price on inquiry.`,
  unitMonthlyPriceRequired: msg`Monthly rent needs both the deposit and the rent.`,
  unitRoomRequired: msg`Please choose the number of rooms.`,
  unitToiletRequired: msg`Please choose the number of toilets.`,
  unitNameRequired: msg`Please enter the unit number.`,
  dongNameRequired: msg`Please enter the building name.`,
  dongLimit: msg`This building already has as many units as it declares.`,
};

export const areaRuleText: Record<AreaRuleId, MessageDescriptor> = {
  areaRoomRequired: msg`Please choose the number of rooms.`,
  areaSizeRequired: msg`Please enter the area in ㎡ and pyeong.`,
};

export const copyFloorRuleText: Record<CopyFloorRuleId, MessageDescriptor> = {
  copyCountMismatch: msg`The target floor has a different number of units.`,
  copyPhotoTargetEmpty: msg`The target floor has no units to copy photos to.`,
  copyBuildingLimit: msg`The copy would exceed the building’s number of units.`,
};

export const registrationText = {
  groupRequired: msg`Please choose the group to share the site with.`,
  openDateRange: msg`The open date must be between 50 years ago and 5 years ahead.`,
} as const;
