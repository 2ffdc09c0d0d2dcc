/**
 * The app's icons: lucide's drawings (a maintained icon set) instead of Unicode glyphs, which
 * render as boxes on a device without an emoji font. One icon per meaning, named by what it means
 * here, drawn by `<Icon data={…} />` (./Icon.tsx). Each icon is read from its own module, so a
 * chunk holds only the icons it shows. The bottom nav's and the header's are in ./shell-icons.ts.
 */
import * as areaSwap from 'lucide-react/icons/arrow-left-right';
import * as bell from 'lucide-react/icons/bell';
import * as building from 'lucide-react/icons/building';
import * as check from 'lucide-react/icons/check';
import * as chevronDown from 'lucide-react/icons/chevron-down';
import * as back from 'lucide-react/icons/chevron-left';
import * as next from 'lucide-react/icons/chevron-right';
import * as circle from 'lucide-react/icons/circle';
import * as clockAlert from 'lucide-react/icons/clock-exclamation-point';
import * as cloudUpload from 'lucide-react/icons/cloud-upload';
import * as more from 'lucide-react/icons/ellipsis';
import * as eye from 'lucide-react/icons/eye';
import * as filePen from 'lucide-react/icons/file-pen-line';
import * as offlineArea from 'lucide-react/icons/hard-drive-download';
import * as heart from 'lucide-react/icons/heart';
import * as hospital from 'lucide-react/icons/hospital';
import * as home from 'lucide-react/icons/house';
import * as imageAdd from 'lucide-react/icons/image-plus';
import * as landmark from 'lucide-react/icons/landmark';
import * as layers from 'lucide-react/icons/layers';
import * as list from 'lucide-react/icons/list';
import * as locate from 'lucide-react/icons/locate-fixed';
import * as map from 'lucide-react/icons/map';
import * as mapPin from 'lucide-react/icons/map-pin';
import * as community from 'lucide-react/icons/messages-square';
import * as edit from 'lucide-react/icons/pencil';
import * as pencilLine from 'lucide-react/icons/pencil-line';
import * as reset from 'lucide-react/icons/rotate-ccw';
import * as ruler from 'lucide-react/icons/ruler';
import * as school from 'lucide-react/icons/school';
import * as search from 'lucide-react/icons/search';
import * as iosShare from 'lucide-react/icons/share';
import * as shoppingCart from 'lucide-react/icons/shopping-cart';
import * as squarePlus from 'lucide-react/icons/square-plus';
import * as store from 'lucide-react/icons/store';
import * as trainFront from 'lucide-react/icons/train-front';
import * as close from 'lucide-react/icons/x';
import * as zoomOut from 'lucide-react/icons/zoom-out';
import type { IconData } from './Icon.tsx';

// Each icon module also exports lucide's drawing (`__iconData`, not in its typings).
type Drawn = { __iconData: IconData };

export const AreaSwapIcon = (areaSwap as unknown as Drawn).__iconData;
export const CheckIcon = (check as unknown as Drawn).__iconData;
export const BackIcon = (back as unknown as Drawn).__iconData;
export const ChevronDownIcon = (chevronDown as unknown as Drawn).__iconData;
export const NextIcon = (next as unknown as Drawn).__iconData;
export const CircleIcon = (circle as unknown as Drawn).__iconData;
export const CommunityIcon = (community as unknown as Drawn).__iconData;
export const EditIcon = (edit as unknown as Drawn).__iconData;
export const EyeIcon = (eye as unknown as Drawn).__iconData;
export const HeartIcon = (heart as unknown as Drawn).__iconData;
export const HomeIcon = (home as unknown as Drawn).__iconData;
export const ImageAddIcon = (imageAdd as unknown as Drawn).__iconData;
export const LocateIcon = (locate as unknown as Drawn).__iconData;
export const MapIcon = (map as unknown as Drawn).__iconData;
export const MoreIcon = (more as unknown as Drawn).__iconData;
export const CloseIcon = (close as unknown as Drawn).__iconData;
export const ResetIcon = (reset as unknown as Drawn).__iconData;
export const RulerIcon = (ruler as unknown as Drawn).__iconData;
export const LayersIcon = (layers as unknown as Drawn).__iconData;
export const DrawIcon = (pencilLine as unknown as Drawn).__iconData;
export const ZoomOutIcon = (zoomOut as unknown as Drawn).__iconData;
export const HospitalIcon = (hospital as unknown as Drawn).__iconData;
export const BankIcon = (landmark as unknown as Drawn).__iconData;
export const SchoolIcon = (school as unknown as Drawn).__iconData;
export const MartIcon = (shoppingCart as unknown as Drawn).__iconData;
export const StoreIcon = (store as unknown as Drawn).__iconData;
export const SubwayIcon = (trainFront as unknown as Drawn).__iconData;
export const OfflineAreaIcon = (offlineArea as unknown as Drawn).__iconData;
export const BellIcon = (bell as unknown as Drawn).__iconData;
export const BuildingIcon = (building as unknown as Drawn).__iconData;
export const AboutToHideIcon = (clockAlert as unknown as Drawn).__iconData;
export const WaitingUploadIcon = (cloudUpload as unknown as Drawn).__iconData;
export const DraftIcon = (filePen as unknown as Drawn).__iconData;
export const ListIcon = (list as unknown as Drawn).__iconData;
export const PlaceIcon = (mapPin as unknown as Drawn).__iconData;
export const SearchIcon = (search as unknown as Drawn).__iconData;
export const RegisterIcon = (squarePlus as unknown as Drawn).__iconData;
/** Safari's share button (a box with an arrow up), named in the guide to add the app to the home screen. */
export const IosShareIcon = (iosShare as unknown as Drawn).__iconData;
