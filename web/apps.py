from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class WebConfig(AppConfig):
    name = "web"
    verbose_name = _("Páginas")

    def ready(self) -> None:
        from django.conf import settings
        from PIL import Image

        # Set deliberately, not left to Pillow's default: every image we open (uploads,
        # driver photos on documents) refuses decompression bombs at this size.
        Image.MAX_IMAGE_PIXELS = int(settings.MAX_IMAGE_PIXELS)
